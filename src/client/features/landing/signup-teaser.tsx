import { ArrowRight } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
}

/** The inline sign-up teaser: what is typed here is carried into the real sign-up dialog. */
export function SignupTeaser({ onSignUp }: { onSignUp: (values: SignupValues) => void }) {
  const [values, setValues] = useState<SignupValues>({ fullName: "", email: "", password: "" });
  const set = (key: keyof SignupValues) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    onSignUp(values);
  }

  return (
    <form onSubmit={submit} aria-labelledby="teaser-heading" className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
      <div className="grid gap-1">
        <h2 id="teaser-heading" className="text-2xl font-bold tracking-tight">
          Create your free account
        </h2>
        <p className="text-sm text-muted-foreground">Three documents free, forever. Upgrade when you need AI help.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="teaser-name">Full name</Label>
        <Input id="teaser-name" autoComplete="name" value={values.fullName} onChange={set("fullName")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="teaser-email">Email</Label>
        <Input id="teaser-email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="teaser-password">Password</Label>
        <Input
          id="teaser-password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
        />
      </div>
      <Button type="submit" size="lg">
        Create Account &amp; Start Writing
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
