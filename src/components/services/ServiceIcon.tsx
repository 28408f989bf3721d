import { BatteryCharging, KeyRound, LifeBuoy, type LucideProps, ShieldAlert, Truck, Wrench } from "lucide-react";

/** The icons content files may name, so a JSON file can choose one without importing code. */
const icons = {
  truck: Truck,
  "life-buoy": LifeBuoy,
  "battery-charging": BatteryCharging,
  "key-round": KeyRound,
  "shield-alert": ShieldAlert,
  wrench: Wrench,
} as const;

export type IconName = keyof typeof icons;

export function ServiceIcon({ name, ...props }: LucideProps & { name: IconName }) {
  const Component = icons[name];
  return <Component aria-hidden="true" {...props} />;
}
