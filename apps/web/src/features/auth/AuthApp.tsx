import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LoginPage } from './pages/LoginPage';
import { LogoutPage } from './pages/LogoutPage';
import { RegisterPage } from './pages/RegisterPage';

/** The host pages served as auth.html: small, so they load eagerly and fast. */
const authRouter = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

export function AuthApp() {
  return <RouterProvider router={authRouter} />;
}
