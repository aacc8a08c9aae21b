import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type InviteStaffRequest,
  inviteStaffSchema,
  type OpenInvitation,
} from "#shared/api/staff-contract.ts";
import formStyles from "#web/ui/form.module.css";
import { FormField, SelectField } from "#web/ui/form-field.tsx";
import { roleNames } from "../../api/staff-access.ts";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./team.module.css";
import { inviteStaff, openInvitationsQuery } from "./team-calls.ts";
import { inviteFieldMessage, teamErrorMessage } from "./team-messages.ts";

const roleOptions = [
  { value: "staff", label: `${roleNames.staff}: pedidos y clientes` },
  { value: "owner", label: `${roleNames.owner}: además, el equipo` },
];

/** Invites someone by e-mail, as staff or as another owner; the link goes in the mail. */
export function InviteForm({ waiting }: { waiting: readonly OpenInvitation[] }) {
  const queryClient = useQueryClient();
  const form = useForm<InviteStaffRequest>({
    resolver: zodResolver(inviteStaffSchema),
    defaultValues: { email: "", role: "staff" },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      const invitation = await inviteStaff(values);
      const again = waiting.some(({ email }) => email === invitation.email);
      setSent(
        again
          ? `Hemos enviado otra invitación a ${invitation.email}, que ya tenía una pendiente.`
          : `Invitación enviada a ${invitation.email}. El enlace sirve durante 72 horas.`,
      );
      form.reset({ email: "", role: values.role });
      await queryClient.invalidateQueries({ queryKey: openInvitationsQuery().queryKey });
    } catch (error) {
      setFailure(teamErrorMessage(error));
    }
  });
  return (
    <form className={shared.form} method="post" onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invitar a alguien</h2>
      <FormMessage message={failure} />
      <p role="status" className={styles.sent}>
        {sent}
      </p>
      <FormField
        id="invite-email"
        label="Correo electrónico"
        type="email"
        autoComplete="off"
        error={inviteFieldMessage(errors.email?.message)}
        {...form.register("email")}
      />
      <SelectField id="invite-role" label="Rol" options={roleOptions} {...form.register("role")} />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Enviando la invitación…" : "Enviar la invitación"}
      </button>
    </form>
  );
}
