import { Fragment } from "react";
import { type TextPart, textBlocks } from "~/domain/policies";

function Parts({ parts }: { parts: TextPart[] }) {
  return parts.map((part, i) =>
    "href" in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, in order, never reordered
      <a key={i} href={part.href} rel="noopener nofollow">
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, in order, never reordered
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

/** A merchant's or the operator's plain text as headings and paragraphs, its addresses linked (app/domain/policies.ts). */
export function PlainText({ text }: { text: string }) {
  return textBlocks(text).map((block, i) =>
    block.kind === "heading" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
      <h2 key={i}>
        <Parts parts={block.parts} />
      </h2>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
      <p key={i}>
        {block.lines.map((line, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph, in order
          <Fragment key={j}>
            {j > 0 && <br />}
            <Parts parts={line} />
          </Fragment>
        ))}
      </p>
    ),
  );
}
