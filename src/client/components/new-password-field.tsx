import type { ChangeEventHandler } from "react";
import { PasswordInput } from "./password-input";
import { PasswordRuleHint } from "./password-rule-hint";
import { Label } from "./ui/label";

/**
 * A field where the user chooses a new password: label, show/hide input and the password
 * rule under it (the input's description, id `${id}-rule`).
 */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
}) {
  const ruleId = `${id}-rule`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <PasswordInput id={id} autoComplete="new-password" required aria-describedby={ruleId} value={value} onChange={onChange} />
      <PasswordRuleHint id={ruleId} />
    </div>
  );
}
