// Precompiled for the application library and executable (see cmake/BpatPch.cmake).
#include "core.h"
#include <QtWidgets/QtWidgets>
#include <QtGui/QOpenGLExtraFunctions>
#include <QtOpenGLWidgets/QOpenGLWidget>
