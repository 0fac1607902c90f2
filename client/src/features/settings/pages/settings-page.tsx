import { Moon, Sun } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useTheme } from "@/app/theme-provider";

export function SettingsPage() {
  const { theme, setTheme } = useTheme();
  return (
    <PageShell className="max-w-3xl">
      <PageHeader title="Configurações" subtitle="Personalizar" />
      <Card>
        <CardHeader>
          <CardTitle>Aparência</CardTitle>
          <CardDescription>O tema fica guardado neste navegador.</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center justify-between gap-4">
          <Label htmlFor="dark-theme" className="flex items-center gap-2">
            {theme === "dark" ? <Moon className="size-4" /> : <Sun className="size-4" />}
            Tema escuro
          </Label>
          <Switch
            id="dark-theme"
            checked={theme === "dark"}
            onCheckedChange={(checked) => setTheme(checked ? "dark" : "light")}
          />
        </CardContent>
      </Card>
    </PageShell>
  );
}
