// One toolbar action (toolbar-actions.ts) as a button, with its pressed and disabled states:
// the desktop row and the phone's bar draw their actions with it.
import type { FormatState } from "./format-state";
import { ACTIONS, type ActionContext, type ActionId } from "./toolbar-actions";
import { ToolbarButton } from "./toolbar-button";

export function ActionButton({
  id,
  state,
  history,
  ctx,
  className,
}: {
  id: ActionId;
  state: FormatState;
  history: { canUndo: boolean; canRedo: boolean };
  ctx: ActionContext;
  className?: string;
}) {
  const a = ACTIONS[id];
  const Icon = a.icon;
  return (
    <ToolbarButton label={a.label} shortcut={a.shortcut} active={a.active?.(state)} disabled={a.disabled?.(history)} onClick={() => a.run(ctx)} className={className}>
      <Icon aria-hidden="true" />
    </ToolbarButton>
  );
}
