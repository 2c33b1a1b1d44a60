// The small form that names a version (the current state, or one in the list). An empty
// name is not sent; a version that has a name can have it taken away.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { NAME_MAX_LENGTH } from "./format";

interface NameFormProps {
  label: string;
  initial?: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
  /** Offered when the version already has a name. */
  onRemove?: () => void;
}

export function NameForm({ label, initial = "", busy, error, onSave, onCancel, onRemove }: NameFormProps) {
  const [name, setName] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onSave(name.trim());
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-md border bg-muted/40 p-2"
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      <Input
        id={id}
        autoFocus
        value={name}
        maxLength={NAME_MAX_LENGTH}
        placeholder="e.g. Sent to editor"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={busy || !name.trim()}>
          Save name
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        {onRemove && (
          <Button size="sm" variant="ghost" className="ml-auto text-muted-foreground" disabled={busy} onClick={onRemove}>
            Remove name
          </Button>
        )}
      </div>
    </form>
  );
}
