import { type CreateUserInput, createUserSchema } from "@common/schemas/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useCreateUser } from "../api/create-user";

type CreateUserValues = z.output<typeof createUserSchema>;

const emptyForm: CreateUserInput = {
  username: "",
  password: "",
  fullName: "",
  email: "",
  role: "user",
  monitorLimit: 2,
};

export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation(["admin", "common"]);
  const form = useForm<CreateUserInput, unknown, CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: emptyForm,
  });
  const create = useCreateUser({
    onSuccess: () => {
      setOpen(false);
      form.reset(emptyForm);
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          form.setError("username", { message: error.serverMessage });
        }
      },
    }),
  );

  const text = (name: "username" | "password" | "fullName" | "email", label: string, type = "text") => (
    <FormField id={`new-${name}`} label={label} error={translateMessage(errors[name]?.message ?? "")}>
      <Input
        id={`new-${name}`}
        type={type}
        autoComplete={name === "password" ? "new-password" : "off"}
        aria-invalid={errors[name] ? true : undefined}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(emptyForm);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus />
          {t("createUser.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("createUser.title")}</DialogTitle>
          <DialogDescription>{t("createUser.description")}</DialogDescription>
        </DialogHeader>
        <form id="create-user-form" noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          {text("username", t("createUser.username"))}
          {text("password", t("createUser.password"), "password")}
          {text("fullName", t("createUser.fullName"))}
          {text("email", t("createUser.email"), "email")}
          <FormField
            id="new-role"
            label={t("createUser.role")}
            error={translateMessage(errors.role?.message ?? "")}
          >
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="new-role">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="user">{t("role.user")}</SelectItem>
                    <SelectItem value="admin">{t("role.admin")}</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            id="new-limit"
            label={t("createUser.monitorLimit")}
            error={translateMessage(errors.monitorLimit?.message ?? "")}
            hint={t("createUser.monitorLimitHint")}
          >
            <Input
              id="new-limit"
              type="number"
              min={1}
              max={100}
              aria-invalid={errors.monitorLimit ? true : undefined}
              {...form.register("monitorLimit")}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="create-user-form" disabled={create.isPending}>
            {create.isPending && <Loader2 className="animate-spin" />}
            {t("createUser.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
