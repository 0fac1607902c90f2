import { Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useClearActivity } from "../api/clear-activity";

export function ClearHistoryButton({ disabled, iconOnly }: { disabled?: boolean; iconOnly?: boolean }) {
  const clear = useClearActivity();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size={iconOnly ? "icon" : "default"}
          aria-label="Limpar histórico"
          className="text-destructive hover:text-destructive"
          disabled={disabled || clear.isPending}
        >
          <Trash2 />
          {!iconOnly && "Limpar"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Limpar histórico</AlertDialogTitle>
          <AlertDialogDescription>
            Tem certeza que deseja limpar todo o seu histórico de atividade? Esta ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={() => clear.mutate()}>
            Limpar
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
