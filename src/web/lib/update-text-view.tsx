import { Fragment } from 'react';
import { parseUpdateText, type Inline } from './update-text';

/** One line's words as elements: text stays text, so markup or a link in it shows as typed. */
function Words({ words }: { words: Inline[] }) {
  return (
    <>
      {words.map((w, i) => {
        const italic = w.italic ? <em>{w.text}</em> : w.text;
        return <Fragment key={i}>{w.bold ? <strong>{italic}</strong> : italic}</Fragment>;
      })}
    </>
  );
}

/** An update's text with its simple formatting (src/web/lib/update-text.ts), rendered as React elements. */
export function UpdateTextView({ text }: { text: string }) {
  return (
    <div className="update-text text-break">
      {parseUpdateText(text).map((block, b) => block.type === 'list' ? (
        <ul key={b} className="mb-2">{block.items.map((item, i) => <li key={i}><Words words={item} /></li>)}</ul>
      ) : (
        <p key={b} className="mb-2">
          {block.lines.map((line, i) => <Fragment key={i}>{i > 0 && <br />}<Words words={line} /></Fragment>)}
        </p>
      ))}
    </div>
  );
}
