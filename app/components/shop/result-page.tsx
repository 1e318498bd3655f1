import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The payment result pages' frame: an icon, a heading, a message and two ways on. */
export function ResultPage({
  tone,
  title,
  children,
  links,
}: {
  tone: "success" | "neutral" | "problem";
  title: string;
  children: React.ReactNode;
  links: { to: string; label: string }[];
}) {
  const icon = { success: "✓", neutral: "×", problem: "!" }[tone];
  const iconClass = {
    success: "bg-green-100 text-green-800",
    neutral: "bg-gray-100 text-gray-700",
    problem: "bg-amber-100 text-amber-900",
  }[tone];
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <span aria-hidden="true" className={`flex h-16 w-16 items-center justify-center rounded-full text-3xl font-bold ${iconClass}`}>
        {icon}
      </span>
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <div className="mt-3 w-full space-y-3 text-gray-700">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((l, i) => (
          <Link
            key={l.to}
            to={l.to}
            className={buttonClass(i === 0 ? "primary" : "secondary")}
          >
            {l.label}
          </Link>
        ))}
      </div>
    </main>
  );
}
