import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { type ComponentProps, forwardRef } from "react";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-brand-500 text-ink hover:bg-brand-400",
        dark: "bg-ink text-white hover:bg-slate-700",
        outline: "border-2 border-ink bg-white text-ink hover:bg-slate-100",
        ghost: "text-ink hover:bg-slate-100",
        link: "text-brand-800 underline underline-offset-2 hover:text-brand-700",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        md: "h-11 px-5 text-base",
        lg: "h-13 px-7 text-lg",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (for example an <a>) with the button's look. */
  asChild?: boolean;
}

/**
 * forwardRef rather than React 19's ref-as-a-prop: Preact (preact/compat, which renders the islands)
 * hands a function component no `ref` prop, and Radix triggers (`asChild`) need the element, for
 * example to return focus to the menu button when the drawer closes.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, asChild = false, ...props },
  ref,
) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});
