// lucide icons named by the style catalogue (src/shared/contracts/ai.ts).
import { Briefcase, Coffee, GraduationCap, Lightbulb, type LucideIcon, Maximize2, Palette, Scissors, Target } from "lucide-react";

export const STYLE_ICONS: Record<string, LucideIcon> = {
  Lightbulb,
  Scissors,
  Maximize2,
  Briefcase,
  Coffee,
  Target,
  GraduationCap,
  Palette,
};
