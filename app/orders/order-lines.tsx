/**
 * An order's lines ('name x quantity', subtotal), its amounts (subtotal, discount, delivery) and total:
 * the cart, the checkout summary and the order page.
 */
export function OrderLines({
  lines,
  amounts = [],
  total,
  totalLabel = "Total",
  className,
}: {
  lines: { key: string | number; name: string; quantity: number; subtotal: string }[];
  amounts?: { label: string; value: string }[];
  total: string;
  totalLabel?: string;
  className?: string;
}) {
  return (
    <>
      {lines.length > 0 && (
        <ul className={className}>
          {lines.map((l) => (
            <li key={l.key}>
              <span>
                {l.name} x {l.quantity}
              </span>
              <span>{l.subtotal}</span>
            </li>
          ))}
        </ul>
      )}
      {amounts.length > 0 && (
        <dl className="amounts">
          {amounts.map((a) => (
            <div key={a.label}>
              <dt>{a.label}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="total">
        {totalLabel}: <strong>{total}</strong>
      </p>
    </>
  );
}
