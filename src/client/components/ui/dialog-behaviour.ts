// What every dialog, alert dialog and sheet (dialog.tsx, alert-dialog.tsx, sheet.tsx) does
// beyond Radix:
//
// - Focus goes back to the control that opened it. Radix returns focus to a Dialog.Trigger
//   only; our dialogs open from state (a button's onClick, a menu item, a shortcut), so
//   without this focus fell to <body> on close. The element focused when the dialog opens
//   is remembered; an item of a menu that has closed since stands for the menu's button.
// - Escape closes it even while a toast is showing. A toast is a dismissable layer opened
//   after the dialog, so Radix gave it the Escape pressed inside the dialog: the first
//   Escape after an error toast closed the toast, not the dialog. toast.tsx hands such an
//   Escape to the dialog it was pressed in (dismissDialogAt) and the toast stays until it
//   times out.
import * as React from "react";

type OpenChange = (open: boolean) => void;

/** The open-change handler of the nearest dialog root, for its content to close it. */
export const DialogOpenChangeContext = React.createContext<OpenChange | null>(null);

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: OpenChange;
}

/** A root's open state, controlled or not, with one handler its content can call. */
export function useDialogRoot({ open, defaultOpen, onOpenChange }: RootProps): { open: boolean; onOpenChange: OpenChange } {
  const [uncontrolled, setUncontrolled] = React.useState(defaultOpen ?? false);
  const controlled = open !== undefined;
  const change = React.useCallback(
    (next: boolean) => {
      if (!controlled) setUncontrolled(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  return { open: controlled ? open : uncontrolled, onOpenChange: change };
}

// Open dialog content elements and how to close each, as an Escape would.
const dismissers = new WeakMap<Element, () => void>();

/** Closes the dialog that holds target as Escape would; false when target is in none. */
export function dismissDialogAt(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    const dismiss = dismissers.get(el);
    if (dismiss) {
      dismiss();
      return true;
    }
  }
  return false;
}

/** The control to focus when a dialog opened from el closes. */
function opener(el: Element | null): HTMLElement | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  // A menu closes as the dialog opens; its button is what the user can find again.
  const menu = el.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute("aria-labelledby");
  if (menuButtonId) return document.getElementById(menuButtonId) ?? el;
  return el;
}

interface ContentHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/** The ref and focus handlers a dialog's Content needs for the behaviour above; the caller's own handlers run first. */
export function useDialogContent(props: ContentHandlers): ContentHandlers & { ref: (el: HTMLElement | null) => void } {
  const openChange = React.useContext(DialogOpenChangeContext);
  const returnTo = React.useRef<HTMLElement | null>(null);
  const latest = React.useRef(props);
  latest.current = props;

  const ref = React.useCallback(
    (el: HTMLElement | null) => {
      if (!el || !openChange) return;
      dismissers.set(el, () => {
        const event = new KeyboardEvent("keydown", { key: "Escape", cancelable: true });
        latest.current.onEscapeKeyDown?.(event);
        if (!event.defaultPrevented) openChange(false);
      });
      return () => {
        dismissers.delete(el);
      };
    },
    [openChange],
  );

  return {
    ref,
    onEscapeKeyDown: props.onEscapeKeyDown,
    // Radix calls this before it moves focus into the dialog, so the opener still has it.
    onOpenAutoFocus: (event) => {
      returnTo.current = opener(document.activeElement);
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      props.onCloseAutoFocus?.(event);
      const target = returnTo.current;
      returnTo.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
