import { Stack, Text } from '@loyalty/shared/ui';
import { Switch } from '@loyalty/shared/ui-dialogs';

/** An on/off choice with its name and a line of help, the switch at the end of the row. */
export function LabelledSwitch({
  checked,
  disabled,
  onChange,
  label,
  help,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(event) => onChange(event.checked)}
      display="flex"
      justifyContent="space-between"
      alignItems="start"
      gap="4"
    >
      <Switch.HiddenInput />
      <Stack gap="0.5">
        <Switch.Label fontWeight="semibold">{label}</Switch.Label>
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
      <Switch.Control flexShrink={0} />
    </Switch.Root>
  );
}
