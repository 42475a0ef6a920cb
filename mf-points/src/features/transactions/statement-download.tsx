import { useState } from 'react';
import {
  ActionOutcome,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  saveFile,
} from '@loyalty/shared/ui';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { statementRangeQueryOptions } from '@loyalty/shared/api';
import { toldElsewhere } from '@loyalty/shared/http';
import { isCalendarDate } from '@loyalty/shared/validation';
import { programmeToday } from '../../components/programme-today';

const startOfYear = () => `${programmeToday().slice(0, 4)}-01-01`;

type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; count: number } | { kind: 'failed' };

/**
 * The statement of a date range as a CSV file (statement-csv.ts). The lines are asked for when the
 * member asks for the file, and the CSV writer comes with that click, not with the page.
 */
export function StatementDownload({ from: initialFrom, to: initialTo }: { from?: string; to?: string }) {
  const { t, i18n } = useTranslation('points');
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(initialFrom || startOfYear());
  const [to, setTo] = useState(initialTo || programmeToday());
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inverted = isCalendarDate(from) && isCalendarDate(to) && from > to;
  const missing = !isCalendarDate(from) || !isCalendarDate(to);

  const download = async () => {
    if (inverted || missing) return;
    setStatus({ kind: 'working' });
    try {
      const [lines, { statementCsv }] = await Promise.all([
        queryClient.fetchQuery(statementRangeQueryOptions({ from, to })),
        import(/* webpackChunkName: "statement-csv" */ './statement-csv'),
      ]);
      saveFile(t('download.file_name', { from, to }), statementCsv(lines, i18n.language, t), 'text/csv;charset=utf-8');
      setStatus({ kind: 'done', count: lines.length });
    } catch (error) {
      // A file of the page's build that did not load (its code, or the statement's): the shell's notice tells of it.
      setStatus(toldElsewhere(error) ? { kind: 'idle' } : { kind: 'failed' });
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="download-heading" size="sm">
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="sm" id="download-heading">
              {t('download.title')}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('download.intro')}
            </Text>
          </Stack>
          <Flex
            as="form"
            aria-labelledby="download-heading"
            gap="3"
            alignItems="end"
            wrap="wrap"
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault();
              void download();
            }}
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" flex="1" minWidth={{ base: 'full', sm: 'sm' }}>
              <Field.Root required invalid={!isCalendarDate(from)}>
                <Field.Label>{t('download.from')}</Field.Label>
                <Input
                  type="date"
                  value={from}
                  max={to || undefined}
                  onChange={(event) => setFrom(event.target.value)}
                />
              </Field.Root>
              <Field.Root required invalid={inverted || !isCalendarDate(to)}>
                <Field.Label>{t('download.to')}</Field.Label>
                <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
                <Field.ErrorText>{t('transactions.filters.range_inverted')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Button type="submit" variant="outline" loading={status.kind === 'working'} disabled={inverted || missing}>
              {t('download.action')}
            </Button>
          </Flex>
          {/* The button is disabled while the file is made, which drops the focus: the outcome takes it. */}
          {status.kind === 'done' ? (
            <ActionOutcome
              status="success"
              title={t('download.done', { lines: formatNumber(status.count, i18n.language) })}
            />
          ) : status.kind === 'failed' ? (
            <ActionOutcome status="error" title={t('download.failed')} />
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
