import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { type UpdateProfileInput, updateProfileSchema } from "@common/schemas/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useUpdateProfile } from "@/lib/auth";

type ProfileValues = z.output<typeof updateProfileSchema>;

const formValues = (user: PublicUser): UpdateProfileInput => ({
  fullName: user.fullName ?? "",
  email: user.email ?? "",
});

/** Name and email are the user's to change; username and role only an admin's (read-only here). */
export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });
  const save = useUpdateProfile({ onSuccess: (saved) => form.reset(formValues(saved)) });
  const { errors, isDirty } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ fullName, email }) => save.mutate({ fullName, email }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-username" label="Nome de utilizador" hint="Não pode ser alterado">
          <Input id="profile-username" value={user.username} readOnly disabled />
        </FormField>
        <FormField id="profile-role" label="Função" hint="Definida por um administrador">
          <Input id="profile-role" value={isAdmin(user) ? "Administrador" : "Utilizador"} readOnly disabled />
        </FormField>
        <FormField id="profile-fullName" label="Nome completo" error={errors.fullName?.message}>
          <Input
            id="profile-fullName"
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            {...form.register("fullName")}
          />
        </FormField>
        <FormField id="profile-email" label="Email" error={errors.email?.message}>
          <Input
            id="profile-email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            {...form.register("email")}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={!isDirty || save.isPending}
          onClick={() => form.reset(formValues(user))}
        >
          Cancelar
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          Guardar
        </Button>
      </div>
    </form>
  );
}
