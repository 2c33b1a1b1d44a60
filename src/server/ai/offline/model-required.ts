// What the offline engine does not attempt: writing new text (continue, complete, Ask AI,
// expand), following the writer's own instructions (a free-form rewrite, a described tone).
// Without a language model it would produce nonsense, so it says so and the editor links to
// the settings where a model is connected.
import { AppError } from "../../http/errors.js";

export function modelRequired(action: string): AppError {
  return new AppError(409, "model_required", `${action} needs a language model. Connect one in Settings.`);
}
