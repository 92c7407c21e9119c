import {
  BookOpen,
  CalendarDays,
  ChartLine,
  CheckCircle2,
  Circle,
  FolderTree,
  Gift,
  Globe,
  History,
  Inbox,
  LayoutDashboard,
  type LucideProps,
  Mail,
  Newspaper,
  ShoppingCart,
  Store,
  Tag,
  Timer,
  TriangleAlert,
  Users,
  Webhook,
  Zap,
} from "lucide-react";

// Icons the server names for the sidebar and the dashboard (content types pick theirs by name).
const icons = {
  BookOpen,
  CalendarDays,
  ChartLine,
  CheckCircle2,
  FolderTree,
  Gift,
  Globe,
  History,
  Inbox,
  LayoutDashboard,
  Mail,
  Newspaper,
  ShoppingCart,
  Store,
  Tag,
  Timer,
  TriangleAlert,
  Users,
  Webhook,
  Zap,
};

export function AdminIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = icons[name as keyof typeof icons] ?? Circle;
  return <Icon aria-hidden {...props} />;
}
