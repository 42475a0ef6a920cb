import type {
  FieldPath,
  FieldValues,
  RegisterOptions,
  UseFormGetFieldState,
  UseFormRegister,
  UseFormRegisterReturn,
  UseFormTrigger,
} from 'react-hook-form';

/**
 * When a member form checks its fields (react-hook-form's options): on submit, then as the member
 * corrects them. A field left empty on the way through (a Tab past it, a click elsewhere) is not
 * an error yet; what was typed is checked on leaving the field (`checkWhenTyped`).
 */
export const MEMBER_FORM_MODE = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

interface FormParts<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  trigger: UseFormTrigger<Values>;
  getFieldState: UseFormGetFieldState<Values>;
  formState: { isSubmitted: boolean };
}

const typedInto = (event: { target: unknown }) =>
  typeof (event.target as { value?: unknown }).value === 'string' && (event.target as { value: string }).value !== '';

/**
 * The form's `register`, for a form in MEMBER_FORM_MODE: before the first submit, a field the
 * member typed into is checked when they leave it, and once it shows an error, again as they type,
 * so the error goes as soon as the value is right. After a submit, the form checks as it types.
 */
export function checkWhenTyped<Values extends FieldValues>(form: FormParts<Values>) {
  return <Name extends FieldPath<Values>>(
    name: Name,
    options?: RegisterOptions<Values, Name>,
  ): UseFormRegisterReturn<Name> => {
    const registration = form.register(name, options);
    return {
      ...registration,
      onBlur: async (event) => {
        await registration.onBlur(event);
        if (!form.formState.isSubmitted && typedInto(event)) await form.trigger(name);
      },
      onChange: async (event) => {
        await registration.onChange(event);
        if (!form.formState.isSubmitted && form.getFieldState(name).error) await form.trigger(name);
      },
    };
  };
}
