import { useState, type FormEvent } from 'react';
import { Button, FormAlert, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useLocation, paths } from '@loyalty/shared/router';
import { reportSignIn } from '@loyalty/shared/api';
import { useSession } from '@loyalty/shared/session';
import { ApiError } from '@loyalty/shared/http';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { forgetFlow, rememberFlow } from '../../components/auth-form/flow-storage';
import { useAuthNavigate } from '../../components/auth-form/use-auth-navigate';
import { codeSentState } from '../../components/auth-form/code-sent-state';
import { tokenInFragment } from '../../components/auth-form/link-token';

const INVALID_LINK: ServerMessage = { key: 'not_me.errors.invalid' };

/**
 * Where the "this wasn't me" link of a sign-in alert lands (`paths.auth.notMe`, decision 069). The
 * link's token is spent only when the member presses the button, not when the page opens, so a
 * mail scanner that opens links ends nothing. The API then ends that sign-in and mails a reset
 * code; the member lands on the code step of the reset, as "forgot password" leads there.
 */
export function NotMePage() {
  const { t } = useTranslation(['auth', 'common']);
  const location = useLocation();
  const goTo = useAuthNavigate();
  const [token] = useState(() => tokenInFragment(location.hash));
  const [failure, setFailure] = useState<ServerMessage | null>(token ? null : INVALID_LINK);
  const [sending, setSending] = useState(false);
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [endedWhileSignedIn, setEndedWhileSignedIn] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setFailure(null);
    setSending(true);
    try {
      const { data } = await reportSignIn({ token });
      forgetFlow('resetToken');
      rememberFlow('resetEmail', data.email);
      // The reset's code step is a guest page: a member signed in here chooses the new password
      // from their account instead, where the change also offers to end the other sessions.
      if (signedIn) setEndedWhileSignedIn(true);
      else goTo(paths.auth.verifyPassword, codeSentState(data.email, data.resendAfter));
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 422
          ? INVALID_LINK
          : serverMessage(error, 'not_me.errors.fallback'),
      );
      setSending(false);
    }
  };

  if (endedWhileSignedIn) {
    return (
      <AuthCard title={t('not_me.ended_title')} subtitle={t('not_me.ended_signed_in')}>
        <Stack align="center">
          <AuthLink to={paths.dashboard.user.changePassword}>{t('not_me.change_password')}</AuthLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('not_me.title')} subtitle={t('not_me.subtitle')}>
      <AuthForm onSubmit={onSubmit}>
        <FormAlert title={failure && messageText(failure, t)} />
        {token ? (
          <Button type="submit" loading={sending} loadingText={t('not_me.submitting')}>
            {t('not_me.submit')}
          </Button>
        ) : null}
        <Stack align="center" gap="2">
          {token ? null : <AuthLink to={paths.auth.forgotPassword}>{t('not_me.reset_instead')}</AuthLink>}
          <AuthLink to={paths.auth.login}>{t('not_me.it_was_me')}</AuthLink>
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
