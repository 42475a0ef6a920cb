import { DataList, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { registeredRemotes } from '../remotes/register-released-remotes';

/** Which build of each part the member is running — what support and release managers ask first. */
export function AboutSection() {
  const { t } = useTranslation('shell');
  const parts = [
    { name: 'shell', version: __APP_VERSION__ },
    ...registeredRemotes().map(({ name, version }) => ({ name, version })),
  ];
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {t('settings.about')}
      </Heading>
      <DataList.Root size="sm" orientation="horizontal">
        {parts.map(({ name, version }) => (
          <DataList.Item key={name}>
            <DataList.ItemLabel>{name}</DataList.ItemLabel>
            <DataList.ItemValue>{version}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}
