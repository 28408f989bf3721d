import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex max-w-full items-center justify-center gap-2 rounded-md text-center font-semibold leading-tight transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-brand-500 text-ink hover:bg-brand-400",
        dark: "bg-ink text-white hover:bg-slate-700",
        /** Something hard to undo (delete, mark as spam). */
        danger: "bg-red-800 text-white hover:bg-red-700",
        "danger-outline": "border-2 border-red-700 bg-white text-red-800 hover:bg-red-50",
        outline: "border-2 border-ink bg-white text-ink hover:bg-slate-100",
        /** The outline button on a dark band. */
        "outline-light": "border-2 border-white bg-transparent text-white hover:bg-white/10",
        ghost: "text-ink hover:bg-slate-100",
        link: "text-brand-800 underline underline-offset-2 hover:text-brand-700",
      },
      size: {
        // Heights are minimums: with enlarged text a label wraps and its button grows, never overflows.
        sm: "min-h-9 px-3 py-1 text-sm",
        md: "min-h-11 px-5 py-1.5 text-base",
        lg: "min-h-13 px-7 py-2 text-lg",
        icon: "size-11",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (for example an <a>) with the button's look. */
  asChild?: boolean;
}

/** A button, or with `asChild` its child element (a link) with the button's look. */
export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
