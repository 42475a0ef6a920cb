import { Card, DataList, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageOption } from '@loyalty/shared/i18n';
import { useSession } from '@loyalty/shared/session';

/** The member's details as the server knows them. */
export function AccountPage() {
  const { t } = useTranslation('profile');
  const user = useSession((state) => state.user);
  if (!user) return null;

  const details = [
    { label: t('account.full_name'), value: user.FullName },
    { label: t('account.email'), value: user.Email },
    { label: t('account.phone'), value: user.MobileNumber },
    { label: t('account.country'), value: user.Country },
    { label: t('account.language'), value: languageOption(user.PreferredLanguage).label },
  ];

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('account.title')}
      </Heading>
      <Card.Root>
        <Card.Body>
          <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }}>
            {details.map(({ label, value }) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
