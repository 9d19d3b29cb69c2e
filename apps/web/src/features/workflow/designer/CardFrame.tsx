import { WarningFilled } from '@ant-design/icons';
import { type ReactNode, useId } from 'react';

interface CardFrameProps {
  className: string;
  accent: string;
  /** Before the title (the kind's icon). */
  lead?: ReactNode;
  title: string;
  /** After the title: the card's own buttons (delete, move) and the priority. */
  tools?: ReactNode;
  body: ReactNode;
  problem?: string | undefined;
  selected: boolean;
  onOpen: () => void;
  testId: string;
  /** The problem line's test id (the automation canvas names its own). */
  problemTestId?: string;
}

/**
 * A card of the flow (and automation) canvas whose title is the button that opens its drawer. The
 * button's hit area is stretched over the whole card (`.wf-card-open::after`), so a click anywhere
 * opens it, while the card's own
 * buttons (delete, move) sit beside it rather than inside it: a button may not hold buttons
 * (WCAG 4.1.2), and the button's name is the title it shows (2.5.3). The summary and the problem
 * are its description.
 */
export function CardFrame(props: CardFrameProps) {
  const { className, accent, lead, title, tools, body, problem, selected, onOpen, testId } = props;
  const id = useId();
  return (
    <div
      className={`wf-card ${className}${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}`}
      style={{ ['--wf-accent' as string]: accent }}
      data-testid={testId}
    >
      <div className="wf-card-head">
        {lead}
        <button
          type="button"
          className="wf-card-open"
          onClick={onOpen}
          aria-describedby={problem ? `${id}-body ${id}-problem` : `${id}-body`}
          aria-haspopup="dialog"
        >
          {title}
        </button>
        {tools}
      </div>
      <div className="wf-card-body" id={`${id}-body`}>
        {body}
      </div>
      {problem && (
        <div className="wf-card-problem" id={`${id}-problem`} data-testid={props.problemTestId ?? 'wf-card-problem'}>
          <WarningFilled /> {problem}
        </div>
      )}
    </div>
  );
}
