import { Navigate, useLocation } from 'react-router';
import { withCarriedQuery } from './carry-query';

/** / and /dashboard lead to /home (spec §2), keeping the carried query. */
export function RedirectHome() {
  const { search } = useLocation();
  return <Navigate to={withCarriedQuery('/home', search)} replace />;
}

/** /todos leads to the "todo" list (spec §2). */
export function RedirectTodos() {
  const { search } = useLocation();
  return <Navigate to={withCarriedQuery('/todos/todo', search)} replace />;
}
