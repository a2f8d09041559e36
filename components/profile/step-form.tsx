import { useEffect, useRef, type BaseSyntheticEvent, type ReactNode } from 'react';

/**
 * A step of a profile flow: a form named by its heading. With `focusTitle` the heading takes the focus when the
 * step appears, so that a screen reader says where the user now is.
 */
export function StepForm({
  id,
  title,
  focusTitle = false,
  onSubmit,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  focusTitle?: boolean;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby={id}>
      {focusTitle ? (
        <h4 id={id} ref={heading} tabIndex={-1} className="font-medium text-fg outline-none">
          {title}
        </h4>
      ) : (
        <h4 id={id} className="font-medium text-fg">
          {title}
        </h4>
      )}
      {children}
    </form>
  );
}
