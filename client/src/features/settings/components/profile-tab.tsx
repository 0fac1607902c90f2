import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { updateProfileSchema } from "@common/schemas/users";
import { Loader2, Save } from "lucide-react";
import { useState } from "react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useUpdateProfile } from "@/lib/auth";
import { AvatarPicker } from "./avatar-picker";

export function ProfileTab({ user }: { user: PublicUser }) {
  const [fullName, setFullName] = useState(user.fullName ?? "");
  const [email, setEmail] = useState(user.email ?? "");
  const [avatar, setAvatar] = useState<string | null>(user.avatar);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateProfile();

  const submit = () => {
    // an empty string clears the photo on the server
    const parsed = updateProfileSchema.safeParse({ fullName, email, avatar: avatar ?? "" });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate({ fullName, email, avatar: avatar ?? "" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Perfil</CardTitle>
        <CardDescription>A sua foto, nome e email</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <AvatarPicker user={user} value={avatar} onChange={setAvatar} />
        {errors.avatar && <p className="text-xs font-medium text-destructive">{errors.avatar}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-fullName" label="Nome completo" error={errors.fullName}>
            <Input id="settings-fullName" value={fullName} onChange={(e) => setFullName(e.target.value)} />
          </FormField>
          <FormField id="settings-email" label="Email" error={errors.email}>
            <Input
              id="settings-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField id="settings-username" label="Nome de utilizador">
            <Input id="settings-username" value={user.username} readOnly disabled />
          </FormField>
          <FormField id="settings-role" label="Função">
            <Input
              id="settings-role"
              value={isAdmin(user) ? "Administrador" : "Utilizador"}
              readOnly
              disabled
            />
          </FormField>
        </div>
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
          Salvar Perfil
        </Button>
      </CardFooter>
    </Card>
  );
}
