import { useEffect } from 'react';
import { Heading, Link, List, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths, useLocation } from '@loyalty/shared/router';
import { accessibleText, formatNumber, tierName, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { POINTS_EXPIRY_MONTHS, POINTS_PER_NIGHT, rewardsQueryOptions, tiersQueryOptions } from '@loyalty/shared/api';
import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';
import { useCriterionText } from '../../components/points/criterion-text';
import { HELP_SECTIONS, helpSectionId, type HelpSection } from '../../components/help/help-sections';
import { HELP_NAMESPACE } from './help-texts';

/** The paragraphs of each section, as keys of `help.<section>` in the `points` texts. */
const PARAGRAPHS: Record<HelpSection, readonly string[]> = {
  earning: ['stay', 'available', 'counts'],
  claims: ['how', 'window', 'once'],
  expiry: ['rule', 'statement'],
  tiers: ['rule', 'check'],
  rewards: ['voucher', 'validity', 'cancel'],
  contact: ['services', 'number'],
};

/** The page a section leads on to, and its link's text (`help.<section>.link`). */
const SECTION_LINKS: Partial<Record<HelpSection, string>> = {
  claims: paths.dashboard.claim,
  tiers: paths.dashboard.tiers,
  rewards: paths.dashboard.myRewards,
};

/**
 * The programme's rules in short (docs/product/help.md): one section a question, each under its
 * own h2, so a screen reader's heading list is the page's table of contents.
 */
export function HelpPage() {
  const { t, i18n } = useTranslation(HELP_NAMESPACE);
  const { hash } = useLocation();

  // A link to one section (the claim form's) arrives at it: the shell scrolls to the top when the
  // path changes, so the section is brought into view after that, once the page has drawn.
  useEffect(() => {
    const section = hash ? document.getElementById(hash.slice(1)) : null;
    if (!section) return;
    const frame = requestAnimationFrame(() => section.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  // The figures of the rules, from where the programme keeps them, never copied into the texts.
  const values = {
    days: formatNumber(CLAIM_WINDOW_DAYS, i18n.language),
    months: formatNumber(POINTS_EXPIRY_MONTHS, i18n.language),
  };
  const counts: Partial<Record<string, number>> = { 'earning.stay': POINTS_PER_NIGHT };
  const ranges = useVoucherRanges();
  return (
    <Stack gap="8" maxWidth="3xl">
      <Stack gap="1">
        <PageHeading>{t('help.title')}</PageHeading>
        <Text color="fg.muted">{t('help.intro')}</Text>
      </Stack>
      {HELP_SECTIONS.map((section) => (
        <Stack
          as="section"
          key={section}
          id={helpSectionId(section)}
          gap="2"
          aria-labelledby={`${helpSectionId(section)}-title`}
        >
          <Heading as="h2" size="lg" id={`${helpSectionId(section)}-title`}>
            {t(`help.${section}.title`)}
          </Heading>
          {PARAGRAPHS[section].map((paragraph) => {
            const count = counts[`${section}.${paragraph}`];
            const text = t(
              `help.${section}.${paragraph}`,
              count === undefined ? values : { ...values, count, points: formatNumber(count, i18n.language) },
            );
            const range = ranges[`${section}.${paragraph}`];
            return <Text key={paragraph}>{range ? `${text} ${range}` : text}</Text>;
          })}
          {section === 'tiers' ? <TierLevels /> : null}
          {SECTION_LINKS[section] ? (
            <Text>
              <Link asChild variant="underline">
                <RouterLink to={SECTION_LINKS[section]}>{t(`help.${section}.link`)}</RouterLink>
              </Link>
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * What the catalogue's voucher rules span today (docs/product/vouchers.md), said after the
 * paragraph each belongs to once the catalogue has come: the shortest and longest validity, the
 * shortest and longest cancellation window, and whether some reward can never be cancelled.
 */
function useVoucherRanges(): Partial<Record<string, string>> {
  const { t, i18n } = useTranslation(HELP_NAMESPACE);
  const { data } = useQuery(rewardsQueryOptions());
  if (!data || data.length === 0) return {};
  const range = (key: string, days: number[]) => {
    if (days.length === 0) return undefined;
    const [min, max] = [Math.min(...days), Math.max(...days)];
    const number = (value: number) => formatNumber(value, i18n.language);
    return t(key, { count: max, min: number(min), max: number(max) });
  };
  const windows = data.map((reward) => reward.cancellationDays);
  const cancel = [
    range(
      'help.rewards.cancel_range',
      windows.filter((days) => days > 0),
    ),
    windows.includes(0) ? t('help.rewards.cancel_never') : undefined,
  ].filter((text) => text !== undefined);
  return {
    'rewards.validity': range(
      'help.rewards.validity_range',
      data.map((reward) => reward.validityDays),
    ),
    'rewards.cancel': cancel.length > 0 ? cancel.join(' ') : undefined,
  };
}

/** The tiers as the API holds them, each with its threshold in its own unit. */
function TierLevels() {
  const { t, i18n } = useTranslation([HELP_NAMESPACE, 'points']);
  const criterionText = useCriterionText();
  const { data } = useQuery(tiersQueryOptions());
  if (!data) return null;
  const levels = [...data.tiers].sort((a, b) => a.level - b.level);
  return (
    <List.Root gap="1" paddingStart="5" aria-label={accessibleText(t('points:tiers.levels'))}>
      {levels.map((tier) => (
        <List.Item key={tier.level}>
          {t('help.tiers.level', {
            tier: tierName(tier.name, i18n.language),
            threshold: criterionText(tier, tier.threshold),
          })}
        </List.Item>
      ))}
    </List.Root>
  );
}
