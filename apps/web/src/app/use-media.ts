/** A media query as a ref (narrow screens get shorter chart panes and fewer bars). */
import { getCurrentInstance, onBeforeUnmount, type Ref, ref } from "vue";

export function useMedia(query: string): Ref<boolean> {
  const mq = matchMedia(query);
  const matches = ref(mq.matches);
  const update = () => (matches.value = mq.matches);
  mq.addEventListener("change", update);
  if (getCurrentInstance()) onBeforeUnmount(() => mq.removeEventListener("change", update));
  return matches;
}
