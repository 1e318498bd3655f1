import { data } from "react-router";
import { ErrorPage } from "~/components/shop/error-page";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Pocket Retro" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
