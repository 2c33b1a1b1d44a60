import { PASSWORD_RULE_HINT } from "../lib/password-rules";

/** The new-password rule, under the field it describes (point the field's aria-describedby at `id`). */
export function PasswordRuleHint({ id }: { id: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {PASSWORD_RULE_HINT}
    </p>
  );
}
