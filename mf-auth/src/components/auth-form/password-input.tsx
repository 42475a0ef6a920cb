import { forwardRef, useState, type ComponentProps } from 'react';
import { IconButton, Input, InputGroup } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';

type PasswordInputProps = Omit<ComponentProps<typeof Input>, 'type'>;

const EYE =
  'M12 5C6.5 5 2.7 8.6 1 12c1.7 3.4 5.5 7 11 7s9.3-3.6 11-7c-1.7-3.4-5.5-7-11-7zm0 11a4 4 0 110-8 4 4 0 010 8z';
const EYE_OFF =
  'M2.3 3.7l2.2 2.2C2.9 7.3 1.7 9.6 1 12c1.7 3.4 5.5 7 11 7 1.9 0 3.6-.4 5.1-1.1l3.2 3.2 1.4-1.4-17-17-1.4 1zM12 16a4 4 0 01-3.5-6l5.4 5.5c-.6.3-1.2.5-1.9.5zm0-11c5.5 0 9.3 3.6 11 7-.7 1.4-1.7 2.8-3 3.9l-3.1-3.1A4 4 0 0011.2 8L8.6 5.4C9.7 5.1 10.8 5 12 5z';

/**
 * A password field with a show/hide toggle. The toggle's accessible name says what pressing it
 * does ("Show password" / "Hide password"); it is a plain button outside the field's label, so the
 * field keeps its own name and password managers still see `type="password"` until the member asks.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(props, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          aria-label={accessibleText(visible ? t('password.hide') : t('password.show'))}
          onClick={() => setVisible((shown) => !shown)}
          marginEnd="-2"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
            <path d={visible ? EYE_OFF : EYE} />
          </svg>
        </IconButton>
      }
    >
      <Input ref={ref} {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
});
