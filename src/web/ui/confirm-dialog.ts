import Swal from "sweetalert2";

type Confirmation = {
  title: string;
  text: string;
  /** The button that does it (red). */
  confirm: string;
  /** The button that leaves things as they are (focused, so Enter changes nothing). */
  cancel: string;
};

/** Asks before something that cannot be undone (delete an address, cancel an order); true to go on. */
export async function confirmDestructive({ title, text, confirm, cancel }: Confirmation): Promise<boolean> {
  const answer = await Swal.fire({
    icon: "warning",
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirm,
    cancelButtonText: cancel,
    confirmButtonColor: "#c62828",
    // Swal's own grey is under 4.5:1 behind white text (WCAG AA).
    cancelButtonColor: "#4f5a6b",
    focusCancel: true,
  });
  return answer.isConfirmed;
}
