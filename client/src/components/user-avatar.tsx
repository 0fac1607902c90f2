import { displayName, type PublicUser } from "@common/schemas/auth";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";

interface UserAvatarProps {
  user: Pick<PublicUser, "username" | "fullName" | "avatar">;
  letters?: 1 | 2;
  className?: string;
}

export function UserAvatar({ user, letters = 1, className }: UserAvatarProps) {
  const name = displayName(user);
  return (
    <span
      className={cn(
        "flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white select-none",
        className,
      )}
    >
      {user.avatar ? (
        <img src={user.avatar} alt={name} className="size-full object-cover" />
      ) : (
        initials(name, letters)
      )}
    </span>
  );
}
