import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHref, useLocation } from 'react-router';
import { withCarriedQuery } from './carry-query';
import { useAppNavigate } from './useAppNavigate';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/** A link that navigates like useAppNavigate (carried query, new-version reload); a real <a> for middle-click. */
export function AppLink({ to, children, onClick, ...rest }: AppLinkProps) {
  const { search } = useLocation();
  const target = withCarriedQuery(to, search);
  const href = useHref(target);
  const navigate = useAppNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={href} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
