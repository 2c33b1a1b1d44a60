// A menu whose code loads when it is first used. Radix's dropdown menu brings its menu,
// focus and positioning layers (floating-ui; about 18 KB compressed with what the tooltips
// and dialogs share): a page that shows a menu's button at start need not load them until
// the button is pointed at or pressed. Until the first press the button is a plain one;
// pressing it (pointer, Enter, Space or ArrowDown, as on Radix's trigger) loads the real
// menu and shows it open, with the same button as its trigger from then on.
import type * as React from "react";
import { cloneElement, Suspense, useState } from "react";

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement>;

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

export function MenuOnDemand({
  trigger,
  preload,
  children,
}: {
  /** The menu's button (the same element the real menu is given as its trigger). */
  trigger: React.ReactElement<ButtonProps>;
  /** Starts loading the menu's file: on hover and focus, so it is usually there by the press. */
  preload: () => unknown;
  /** The real menu, a lazily loaded component: Radix's menu around the button, open at first. */
  children: React.ReactNode;
}) {
  const [used, setUsed] = useState(false);
  if (used) return <Suspense fallback={trigger}>{children}</Suspense>;
  const own = trigger.props;
  const open = () => {
    void preload();
    setUsed(true);
  };
  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: (e: React.PointerEvent<HTMLButtonElement>) => {
      own.onPointerEnter?.(e);
      void preload();
    },
    onFocus: (e: React.FocusEvent<HTMLButtonElement>) => {
      own.onFocus?.(e);
      void preload();
    },
    onPointerDown: (e: React.PointerEvent<HTMLButtonElement>) => {
      own.onPointerDown?.(e);
      if (own.disabled || e.button !== 0 || e.ctrlKey) return;
      // As Radix's trigger: the open menu takes the focus, not the button.
      e.preventDefault();
      open();
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLButtonElement>) => {
      own.onKeyDown?.(e);
      if (own.disabled || !OPENING_KEYS.has(e.key)) return;
      e.preventDefault();
      open();
    },
  });
}
