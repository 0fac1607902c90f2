import { Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Compass className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("notFound.description")}</p>
        <Button asChild className="mt-2">
          <Link href={paths.home}>{t("notFound.backHome")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
