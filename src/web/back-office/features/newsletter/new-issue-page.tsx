import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type {
  IssueDraft,
  IssueDraftInput,
  IssuePreview,
  IssueView,
} from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate, useNavigate } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { IssueConfirm } from "./issue-confirm.tsx";
import { IssueForm } from "./issue-form.tsx";
import { issueKey, newsletterKey } from "./newsletter-calls.ts";
import { NewsletterNav } from "./newsletter-nav.tsx";

const emptyDraft: IssueDraftInput = { es: { subject: "", body: "" }, pt: { subject: "", body: "" } };

/**
 * `/gestion/boletin/nuevo` (the owner's, decision 054): an issue written, previewed, and sent
 * after that confirmation; sent, its own page opens. Back from the preview, the words are kept.
 */
export function NewIssuePage() {
  const { me, redirect } = useStaffMe("new-issue");
  const [draft, setDraft] = useState<IssueDraftInput>(emptyDraft);
  const [previewed, setPreviewed] = useState<{ draft: IssueDraft; preview: IssuePreview } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  const onSent = async (issue: IssueView) => {
    queryClient.setQueryData(issueKey(issue.id), { kind: "found" as const, issue });
    await queryClient.invalidateQueries({ queryKey: [...newsletterKey, "issues"] });
    navigate(backOfficePaths.newsletterIssue(issue.id));
  };
  return (
    <section className={shared.panel} aria-labelledby="new-issue-title">
      <title>Escribir un boletín · Gestión</title>
      <h1 id="new-issue-title">Escribir un boletín</h1>
      <NewsletterNav owner />
      {previewed ? (
        <IssueConfirm
          draft={previewed.draft}
          preview={previewed.preview}
          onBack={() => setPreviewed(null)}
          onSent={onSent}
        />
      ) : (
        <IssueForm
          draft={draft}
          onPreviewed={(written, preview) => {
            setDraft(written);
            setPreviewed({ draft: written, preview });
          }}
        />
      )}
    </section>
  );
}
