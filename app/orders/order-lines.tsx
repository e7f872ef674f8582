/** An order's lines ('name x quantity', subtotal) and total: the checkout summary and the confirmation. */
export function OrderLines({
  lines,
  total,
  className,
}: {
  lines: { key: string | number; name: string; quantity: number; subtotal: string }[];
  total: string;
  className?: string;
}) {
  return (
    <>
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
      <p className="total">
        Total: <strong>{total}</strong>
      </p>
    </>
  );
}
