/** Boots the shell: theme and language first (no flash of the wrong ones), then the app. */
import { createApp } from "vue";
import App from "./App.vue";
import { applyLocale } from "./app/i18n.ts";
import { applyTheme } from "./app/theme.ts";
import "./styles.css";

applyTheme();
applyLocale();
createApp(App).mount("#app");
