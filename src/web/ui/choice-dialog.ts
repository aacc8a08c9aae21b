import Swal from "sweetalert2";

type Choices = {
  title: string;
  text: string;
  /** The way the dialog suggests (first button). */
  primary: string;
  secondary: string;
  tertiary: string;
  /** The close button's accessible name. */
  close: string;
};

export type Choice = "primary" | "secondary" | "tertiary";

/** Offers three ways on (buy as a guest, sign in, sign up); null when the shopper closes it. */
export async function chooseOne({ title, text, primary, secondary, tertiary, close }: Choices) {
  const answer = await Swal.fire({
    title,
    text,
    showDenyButton: true,
    showCancelButton: true,
    showCloseButton: true,
    closeButtonAriaLabel: close,
    confirmButtonText: primary,
    denyButtonText: secondary,
    cancelButtonText: tertiary,
    // Dark enough for white text (WCAG AA): the library's own colours are not.
    confirmButtonColor: "#00528a",
    denyButtonColor: "#2f3b4c",
    cancelButtonColor: "#2f3b4c",
  });
  if (answer.isConfirmed) return "primary" satisfies Choice;
  if (answer.isDenied) return "secondary" satisfies Choice;
  if (answer.dismiss === Swal.DismissReason.cancel) return "tertiary" satisfies Choice;
  return null;
}
