import { isAdmin } from "@common/schemas/auth";
import type { ReactNode } from "react";
import { PageSpinner } from "@/components/spinner";
import { useUser } from "@/lib/auth";
import { AccessDenied, type DeniedMessage } from "./access-denied";

/** Screen-level guard for admin screens; the server answers 403 on /api/admin/* as well. */
export function AdminOnly({
  children,
  deniedMessage,
}: {
  children: ReactNode;
  deniedMessage?: DeniedMessage;
}) {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (!isAdmin(user)) return <AccessDenied message={deniedMessage} />;
  return <>{children}</>;
}
