import { Outlet } from "react-router";

/** Merchant pages without the top header (/plans, /payment), behind the same guard (the messages layout's). */
export default function BareLayout() {
  return (
    <main className="bare">
      <Outlet />
    </main>
  );
}
