import { useSuspenseQuery } from "@tanstack/react-query";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { InviteForm } from "./invite-form.tsx";
import { MemberList } from "./member-list.tsx";
import { OpenInvitations } from "./open-invitations.tsx";
import styles from "./team.module.css";
import { openInvitationsQuery, teamQuery } from "./team-calls.ts";

/** `/gestion/equipo`: the owner's team (issue 30): who works here, who is invited, and inviting. */
export function TeamPage() {
  const { me, redirect } = useStaffMe("team");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="team-title">
      <title>Equipo · Gestión</title>
      <h1 id="team-title">Equipo</h1>
      <Team meId={me.id} />
    </section>
  );
}

function Team({ meId }: { meId: string }) {
  const { data: members } = useSuspenseQuery(teamQuery());
  const { data: invitations } = useSuspenseQuery(openInvitationsQuery());
  return (
    <div className={styles.layout}>
      <MemberList members={members} meId={meId} />
      <div className={styles.side}>
        <InviteForm waiting={invitations} />
        <OpenInvitations invitations={invitations} />
      </div>
    </div>
  );
}
