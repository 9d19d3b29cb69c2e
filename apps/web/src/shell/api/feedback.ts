import { type App, message as staticMessage, notification as staticNotification } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's toast and notification as the mounted <App> provides them (themed, localised). Code
 * outside React (the API client) reaches them here; before the app mounts, the static versions
 * are used so an early error is still shown.
 */
export interface FeedbackApi {
  message: AppApi['message'];
  notification: AppApi['notification'];
}

let mounted: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi | null): void {
  mounted = api;
}

export function feedback(): FeedbackApi {
  if (mounted) return mounted;
  // Spec §9: one toast at a time, also before the app has mounted.
  staticMessage.config({ maxCount: 1 });
  return { message: staticMessage, notification: staticNotification };
}
