import { Alert } from '@loyalty/shared/ui';

/** A form-level failure, announced as it appears (docs/product/api.md texts or the server's). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
