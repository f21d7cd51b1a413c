import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

// Mantine's toast area with its styles: loaded by LazyNotifications with the first toast.
export { Notifications } from '@mantine/notifications';
