import { Badge, Heading, HStack, Stack } from '@loyalty/shared/ui';
import { DataList } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { useReleaseInfo } from '../remotes/register-released-remotes';

/** Which build of each part the member is running — what support and release managers ask first. */
export function AboutSection() {
  const { t } = useTranslation('shell');
  const { shell, remotes } = useReleaseInfo();
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {t('settings.about')}
      </Heading>
      <DataList.Root size="sm" orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{shell.name}</DataList.ItemLabel>
          <DataList.ItemValue>{shell.version}</DataList.ItemValue>
        </DataList.Item>
        {remotes.map(({ name, version, channel }) => (
          <DataList.Item key={name}>
            <DataList.ItemLabel>{name}</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="1">
                <span dir="ltr">{version}</span>
                {channel === 'stable' ? null : (
                  <Badge size="xs" colorPalette={channel === 'override' ? 'orange' : 'purple'}>
                    {t(`release.channel.${channel}`)}
                  </Badge>
                )}
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}
