/**
 * Where a product's alerts may go, one entry per channel: its key (in a product's `alertChannels`),
 * the user setting that turns it on for products that chose nothing (and that setting's default),
 * and its words in pt, en and es. The product schema, the user settings, the engine's gate and
 * fan-out and the screens' channel switches are derived from this list; the engine's part of each
 * channel other than the webhook (its address, message and sending) is its file in
 * server/src/engine/notify/channels/.
 */
export const ALERT_CHANNELS = [
  {
    key: "webhook",
    setting: null,
    defaultOn: true,
    texts: {
      pt: { label: "Webhook", hint: "Discord, Slack, Telegram ou JSON, pelo URL acima", setting: null },
      en: { label: "Webhook", hint: "Discord, Slack, Telegram or JSON, by the URL above", setting: null },
      es: { label: "Webhook", hint: "Discord, Slack, Telegram o JSON, por la URL de arriba", setting: null },
    },
  },
  {
    key: "email",
    setting: "emailNotifications",
    defaultOn: true,
    texts: {
      pt: { label: "Email", hint: "Para o email do seu perfil", setting: "Notificações por email" },
      en: { label: "Email", hint: "To the email in your profile", setting: "Email notifications" },
      es: { label: "Email", hint: "Al email de tu perfil", setting: "Notificaciones por correo electrónico" },
    },
  },
  {
    key: "push",
    setting: "pushNotifications",
    defaultOn: false,
    texts: {
      pt: {
        label: "Notificações push",
        hint: "Para os dispositivos autorizados em Configurações",
        setting: "Notificações push",
      },
      en: {
        label: "Push notifications",
        hint: "To the devices allowed in Settings",
        setting: "Push notifications",
      },
      es: {
        label: "Notificaciones push",
        hint: "A los dispositivos autorizados en Configuración",
        setting: "Notificaciones push",
      },
    },
  },
] as const;

export type AlertChannelEntry = (typeof ALERT_CHANNELS)[number];
export type AlertChannelKey = AlertChannelEntry["key"];
/** the user settings that turn a channel on for the products that chose nothing */
export type ChannelSettingKey = NonNullable<AlertChannelEntry["setting"]>;

export const ALERT_CHANNEL_KEYS = ALERT_CHANNELS.map((c) => c.key) as AlertChannelKey[];

/** the channels a user setting turns on, with the setting's key */
export const SETTING_CHANNELS = ALERT_CHANNELS.filter(
  (c): c is Extract<AlertChannelEntry, { setting: ChannelSettingKey }> => c.setting !== null,
);

/** a product's channel choice with only `on` chosen: every channel the list holds, the rest off */
export function onlyChannels(...on: AlertChannelKey[]): Record<AlertChannelKey, boolean> {
  return Object.fromEntries(ALERT_CHANNEL_KEYS.map((key) => [key, on.includes(key)])) as Record<
    AlertChannelKey,
    boolean
  >;
}

/** each channel setting's default (a new user's settings) */
export const CHANNEL_SETTING_DEFAULTS = Object.fromEntries(
  SETTING_CHANNELS.map((c) => [c.setting, c.defaultOn]),
) as Record<ChannelSettingKey, boolean>;

/** a channel's words in `language` (pt when the language has none) */
export function channelTexts(channel: AlertChannelEntry, language: string | undefined) {
  const lang = language?.slice(0, 2);
  return lang === "en" || lang === "es" ? channel.texts[lang] : channel.texts.pt;
}
