// Whether the find bar shows, and with the replace field: Ctrl/Cmd+F and Ctrl/Cmd+H open it
// (again: `focus` moves, so the bar takes focus back from the text).
import { useCallback, useMemo, useState } from "react";

export interface FindBarControl {
  open: boolean;
  replace: boolean;
  focus: number;
  show: (withReplace: boolean) => void;
  setReplace: (shown: boolean) => void;
  close: () => void;
}

export function useFindBar(): FindBarControl {
  const [state, setState] = useState({ open: false, replace: false, focus: 0 });
  // Ctrl+F while replacing keeps the replace field; Ctrl+H always shows it.
  const show = useCallback(
    (withReplace: boolean) => setState((s) => ({ open: true, replace: withReplace || (s.open && s.replace), focus: s.focus + 1 })),
    [],
  );
  const setReplace = useCallback((shown: boolean) => setState((s) => ({ ...s, replace: shown })), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return useMemo(() => ({ ...state, show, setReplace, close }), [state, show, setReplace, close]);
}
